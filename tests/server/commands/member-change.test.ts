import { describe, expect, it } from 'vitest'
import {
  decideRoleChange,
  decideSuspension,
} from '../../../server/commands/admin/decide-member-change.ts'

/** The pure rules of the admin's member changes (decision 0027), without a database. */
const member = (
  over: Partial<{ id: string; role: 'member' | 'admin'; suspended: boolean }> = {},
) => ({
  id: over.id ?? 'm1',
  role: over.role ?? 'member',
  suspended_at: over.suspended ? new Date('2030-01-01T00:00:00Z') : null,
})

/** What a caller sees of a refusal: status, code and the words. */
function refusal(run: () => unknown) {
  try {
    run()
  } catch (error) {
    const e = error as { status: number; code: string; message: string }
    return { status: e.status, code: e.code, message: e.message }
  }
  return null
}

describe('decideRoleChange', () => {
  it('refuses an unknown member with 404 naming the member', () => {
    expect(refusal(() => decideRoleChange(undefined, 'admin', []))).toEqual({
      status: 404,
      code: 'not_found',
      message: 'Member not found.',
    })
  })

  it('changes nothing when the member already has the role', () => {
    expect(decideRoleChange(member({ role: 'admin' }), 'admin', ['m1'])).toBeNull()
    expect(decideRoleChange(member(), 'member', ['a1'])).toBeNull()
  })

  it('promotes a member, saying the role it had', () => {
    expect(decideRoleChange(member(), 'admin', ['a1'])).toEqual({ from: 'member' })
  })

  it('demotes an admin while another active admin remains', () => {
    const admin = member({ id: 'a1', role: 'admin' })
    expect(decideRoleChange(admin, 'member', ['a1', 'a2'])).toEqual({ from: 'admin' })
  })

  it('never demotes the last active admin', () => {
    const admin = member({ id: 'a1', role: 'admin' })
    expect(refusal(() => decideRoleChange(admin, 'member', ['a1']))).toEqual({
      status: 409,
      code: 'last_admin',
      message: 'The last admin cannot be demoted.',
    })
  })

  it('demotes a suspended admin (not among the active ones) even when one active admin is left', () => {
    const suspended = member({ id: 'a2', role: 'admin', suspended: true })
    expect(decideRoleChange(suspended, 'member', ['a1'])).toEqual({ from: 'admin' })
  })
})

describe('decideSuspension', () => {
  it('refuses an unknown member with 404 naming the member', () => {
    expect(refusal(() => decideSuspension(undefined, true, 'a1'))).toEqual({
      status: 404,
      code: 'not_found',
      message: 'Member not found.',
    })
  })

  it.each([
    ['suspend an active member', false, true, { changes: true }],
    ['lift a suspension', true, false, { changes: true }],
    ['suspend a suspended member', true, true, null],
    ['lift the suspension of an active member', false, false, null],
  ])('%s', (_, suspendedNow, suspend, expected) => {
    expect(decideSuspension(member({ suspended: suspendedNow }), suspend, 'a1')).toEqual(expected)
  })

  it('never lets an admin suspend themselves, but lets them lift their own suspension', () => {
    expect(
      refusal(() => decideSuspension(member({ id: 'a1', role: 'admin' }), true, 'a1')),
    ).toEqual({ status: 409, code: 'last_admin', message: 'You cannot suspend yourself.' })
    const selfSuspended = member({ id: 'a1', role: 'admin', suspended: true })
    expect(decideSuspension(selfSuspended, false, 'a1')).toEqual({ changes: true })
  })
})
