import { Type, type Static } from '@fastify/type-provider-typebox'
import type { AdminMemberBlocks, BlockedBidder } from '../../common/blocks.ts'
import { Closed, Timestamp, type Same } from './shared.ts'

/** Response schemas of a seller's blocks (server/routes/blocks, server/routes/admin/blocks.ts). */

export const BlockedBidderSchema = Closed({ alias: Type.String(), createdAt: Timestamp })
const _blocked: Same<Static<typeof BlockedBidderSchema>, BlockedBidder> = true

export const BlockedBiddersSchema = Closed({ items: Type.Array(BlockedBidderSchema) })

const AdminBlockSchema = Closed({ name: Type.String(), alias: Type.String(), createdAt: Timestamp })

export const AdminMemberBlocksSchema = Closed({
  blocked: Type.Array(AdminBlockSchema),
  blockedBy: Type.Array(AdminBlockSchema),
})
const _admin: Same<Static<typeof AdminMemberBlocksSchema>, AdminMemberBlocks> = true
