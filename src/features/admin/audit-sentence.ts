import type { AuditEntry } from '../../../common/admin'
import type { MessageKey } from '../../i18n'

type Translate = (key: MessageKey, values?: Record<string, string | number>) => string

const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null
const text = (value: unknown): string => (typeof value === 'string' ? value : '')

/**
 * One audit row as a sentence in the admin’s language (issue 32): "Ana credited Bob €50.00,
 * balance €550.00 — Goodwill", for every action kind, from its details; an action this client does
 * not know reads as its name. The reason follows after a dash.
 */
export function auditSentence(
  entry: AuditEntry,
  t: Translate,
  money: (minor: number) => string,
): string {
  const d = entry.details
  const base = {
    admin: entry.adminName,
    target: entry.targetLabel ?? entry.targetId,
  }
  const amount = num(d.amount)
  const sentence = ((): string => {
    switch (entry.action) {
      case 'wallet.adjust': {
        const after = num(d.balanceAfter)
        const values = {
          ...base,
          amount: money(Math.abs(amount ?? 0)),
          balance: after === null ? '' : money(after),
        }
        return (amount ?? 0) < 0 ? t('audit.say.debit', values) : t('audit.say.credit', values)
      }
      case 'member.role':
        return t('audit.say.role', {
          ...base,
          role: t(d.to === 'admin' ? 'account.role.admin' : 'account.role.member'),
        })
      case 'member.suspend':
        return t('audit.say.suspend', { ...base, count: num(d.sessionsEnded) ?? 0 })
      case 'member.unsuspend':
        return t('audit.say.unsuspend', base)
      case 'member.close':
        return d.step === 'money-out'
          ? t('audit.say.moneyOut', { ...base, amount: money(amount ?? 0) })
          : t('audit.say.close', { ...base, balance: money(num(d.balanceBefore) ?? 0) })
      case 'lot.cancel':
        return t('audit.say.cancel', {
          ...base,
          count: num(d.holdsReleased) ?? 0,
          amount: money(num(d.amountReleased) ?? 0),
        })
      case 'top-up.refresh':
        return t('audit.say.refresh', {
          ...base,
          amount: money(amount ?? 0),
          from: text(d.from),
          to: text(d.to),
        })
      case 'order.resolve': {
        const refunded = num(d.refundedAmount)
        return d.outcome === 'refund'
          ? t('audit.say.refund', { ...base, amount: money(refunded ?? 0) })
          : t('audit.say.complete', base)
      }
      case 'rating.remove':
        return t('audit.say.rating', base)
      case 'withdrawal.retry':
        return t('audit.say.withdrawal', { ...base, amount: money(amount ?? 0) })
      case 'payout.retry':
        return t('audit.say.payout', { ...base, to: text(d.to) })
      case 'mail.retry':
        return t('audit.say.mail', { ...base, to: text(d.to) || base.target })
      default:
        return `${base.admin}: ${String(entry.action)} · ${base.target}`
    }
  })()
  return entry.reason ? t('audit.say.withReason', { sentence, reason: entry.reason }) : sentence
}
