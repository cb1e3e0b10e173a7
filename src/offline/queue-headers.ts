import { IDEMPOTENCY_HEADER } from '../../common/config'
import type { Queued } from './queued'

// Apart from queued.ts, which every start runs: only the queued writes' definitions send these,
// and they load with the screens that make those writes, or when one is brought back.

/** The request headers that carry a queued write's key (its definition's mutationFn sends them). */
export function queueHeaders({ idempotencyKey }: Queued): Record<string, string> {
  return idempotencyKey ? { [IDEMPOTENCY_HEADER]: idempotencyKey } : {}
}
