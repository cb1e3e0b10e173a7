/**
 * The orders feature's public entry: what other screens show of an order (the lot's result panel
 * links to it). Screens are not here: the routes load each as its own chunk.
 */
export { useOrder } from './api/orders'
export { OrderStateChip } from './components/OrderStateChip'
export { AddressBook } from './components/AddressBook'
export { OrdersLink } from './components/OrdersLink'
