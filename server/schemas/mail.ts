import { Type, type Static } from '@fastify/type-provider-typebox'
import type { AdminMail } from '../../common/mail.ts'
import { Closed, Nullable, Page, Timestamp, type Same } from './shared.ts'

/** The mail outbox as admins see it (decision 0054). */
export const AdminMailSchema = Closed({
  id: Type.Integer(),
  toAddress: Type.String(),
  toName: Nullable(Type.String()),
  kind: Type.String(),
  subject: Type.String(),
  status: Type.Union([
    Type.Literal('pending'),
    Type.Literal('sending'),
    Type.Literal('sent'),
    Type.Literal('dead'),
    Type.Literal('kept'),
  ]),
  attempts: Type.Integer(),
  lastError: Nullable(Type.String()),
  nextAttemptAt: Timestamp,
  createdAt: Timestamp,
  sentAt: Nullable(Timestamp),
})
const _mail: Same<Static<typeof AdminMailSchema>, AdminMail> = true

export const AdminMailPageSchema = Page(AdminMailSchema)
