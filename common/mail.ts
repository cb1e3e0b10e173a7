/** The mail outbox as the admin area sees it (decision 0054), shared by the API and the client. */

/** `kept`: local mode without SMTP_URL, readable at /dev/mail and never sent. */
export type MailStatus = 'pending' | 'sending' | 'sent' | 'dead' | 'kept'

export interface AdminMail {
  id: number
  toAddress: string
  toName: string | null
  kind: string
  subject: string
  status: MailStatus
  attempts: number
  lastError: string | null
  nextAttemptAt: string
  createdAt: string
  sentAt: string | null
}
