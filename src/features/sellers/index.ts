/**
 * The sellers feature's public entry: the score mark the order rating shows too, and the follow
 * button a show room shows (a chunk of its own: the orders that import this entry do not need it). Its screen is not
 * here: the routes load it as its own chunk (`SellerProfileScreen.tsx`).
 */
export { ScoreMark } from './ScoreMark'
export { FollowButton } from './FollowButtonSlot'
