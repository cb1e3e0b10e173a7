import type { OrderListRole } from '../../../../common/orders/shapes'

/** Query keys of the orders area: every key starts with ['orders'] (one prefix to invalidate). */
export const orderKeys = {
  all: ['orders'] as const,
  lists: () => ['orders', 'list'] as const,
  list: (role: OrderListRole) => ['orders', 'list', role] as const,
  detail: (id: string) => ['orders', 'detail', id] as const,
  addresses: ['me', 'addresses'] as const,
}
