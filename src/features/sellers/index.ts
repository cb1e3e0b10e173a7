/**
 * The sellers feature's public entry: the score mark the order rating shows too. Its screen is not
 * here: the routes load it as its own chunk (`SellerProfileScreen.tsx`).
 */
export { ScoreMark } from './ScoreMark'
