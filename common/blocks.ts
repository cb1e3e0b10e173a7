/**
 * A seller's blocks (issue 32, docs/security.md "Seller blocks"): a seller refuses a member's bids
 * on all their lots. The seller only ever knows the member's public alias (as bid history shows
 * it), never their id or e-mail.
 */

/** `GET /api/me/blocked-bidders`: one member the seller blocked. */
export interface BlockedBidder {
  alias: string
  createdAt: string
}

/** One side of a block as the admin member view lists it (admins see names and aliases). */
export interface AdminBlock {
  name: string
  alias: string
  createdAt: string
}

/** `GET /api/admin/members/:userId/blocks`: whom the member blocked, and who blocked them. */
export interface AdminMemberBlocks {
  blocked: AdminBlock[]
  blockedBy: AdminBlock[]
}
