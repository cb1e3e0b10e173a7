import { describe, expect, it } from 'vitest'
import { ADMIN_ACTIONS, type AuditEntry } from '../../../common/admin'
import { createTranslator } from '../../i18n'
import { auditSentence } from './audit-sentence'

const money = (minor: number) => `€${(minor / 100).toFixed(2)}`
const entry = (patch: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  createdAt: '2026-11-27T10:00:00.000Z',
  action: 'wallet.adjust',
  adminId: 'a',
  adminName: 'Ana',
  targetType: 'user',
  targetId: 'u',
  targetLabel: 'Bob',
  reason: null,
  details: {},
  ...patch,
})

describe('the audit as sentences (issue 32)', () => {
  const en = createTranslator('en')
  const es = createTranslator('es')

  it('a credit and a debit say who, whom, how much and the balance after, then why', () => {
    const credit = entry({
      reason: 'Goodwill',
      details: { amount: 5_000, balanceBefore: 50_000, balanceAfter: 55_000 },
    })
    expect(auditSentence(credit, en, money)).toBe(
      'Ana credited Bob €50.00, balance €550.00 — Goodwill',
    )
    expect(auditSentence(credit, es, money)).toBe(
      'Ana abonó €50.00 a Bob, saldo €550.00 — Goodwill',
    )
    const debit = entry({ details: { amount: -700, balanceAfter: 1_300 } })
    expect(auditSentence(debit, en, money)).toBe('Ana debited Bob €7.00, balance €13.00')
  })

  it('every action kind reads as a sentence with no raw detail keys, in both languages', () => {
    const details = {
      amount: 2_500,
      balanceAfter: 1_000,
      balanceBefore: 1_000,
      from: 'member',
      to: 'admin',
      sessionsEnded: 2,
      holdsReleased: 1,
      amountReleased: 2_500,
      outcome: 'refund',
      refundedAmount: 2_500,
    }
    for (const action of ADMIN_ACTIONS) {
      for (const t of [en, es]) {
        const said = auditSentence(entry({ action, details, reason: 'why' }), t, money)
        expect(said, action).toMatch(/^Ana /)
        expect(said, action).toMatch(/ — why$/)
        expect(said, action).not.toMatch(/balanceAfter|amountReleased|sessionsEnded|\{/)
        expect(said, action).not.toContain(action)
      }
    }
    const cancel = entry({ action: 'lot.cancel', targetLabel: 'Brass lamp', details })
    expect(auditSentence(cancel, en, money)).toBe(
      'Ana cancelled “Brass lamp”, releasing 1 hold (€25.00)',
    )
    expect(auditSentence(entry({ action: 'member.role', details }), en, money)).toBe(
      'Ana made Bob Administrator',
    )
  })
})
