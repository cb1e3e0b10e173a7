/**
 * Ratings after an order (issue 29): what the order screen mounts once an order completes
 * (`<OrderRating order={order} />`), and the key its ratings are cached under.
 */
export { OrderRating } from './OrderRating'
export { orderRatingsKey } from './api'
