import { describe, expect, it } from 'vitest'
import { LOT_A, LOT_B, LOT_C, showDetail, showLot } from '../../testing/show-fixtures'
import { editsOf, valuesOfShow } from './create-show-form'

/** The edit form sends only what changed: the fields by PATCH, the queue whole by PUT. */
describe('show edits', () => {
  const show = showDetail({
    description: 'Old clocks',
    autoAdvanceSeconds: 5,
    lots: [showLot(LOT_A, 0, 'done'), showLot(LOT_B, 1, 'queued'), showLot(LOT_C, 2, 'queued')],
  })
  const initial = valuesOfShow(show)

  it('starts from the show: its fields and only the lots still queued', () => {
    expect(initial).toMatchObject({
      title: 'Sunday antiques',
      description: 'Old clocks',
      autoAdvance: true,
      autoAdvanceSeconds: '5',
    })
    expect(initial.lots.map((lot) => lot.lotId)).toEqual([LOT_B, LOT_C])
  })

  it('sends nothing when nothing changed (spaces around the text do not count)', () => {
    expect(editsOf({ ...initial, title: ' Sunday antiques ' }, initial)).toEqual({
      change: null,
      lots: null,
    })
  })

  it('sends the changed fields; turning auto-advance off sends null', () => {
    const edits = editsOf({ ...initial, description: '', autoAdvance: false }, initial)
    expect(edits).toEqual({ change: { description: '', autoAdvanceSeconds: null }, lots: null })
  })

  it('sends the whole queue when one lot’s timer, mode or place changed', () => {
    const [b, c] = initial.lots
    const timer = editsOf({ ...initial, lots: [b!, { ...c!, timerSeconds: '90' }] }, initial)
    expect(timer.lots).toEqual([
      { lotId: LOT_B, timerSeconds: 30, mode: 'standard' },
      { lotId: LOT_C, timerSeconds: 90, mode: 'standard' },
    ])
    expect(editsOf({ ...initial, lots: [c!, b!] }, initial).lots?.map((l) => l.lotId)).toEqual([
      LOT_C,
      LOT_B,
    ])
    expect(editsOf({ ...initial, lots: [] }, initial)).toEqual({ change: null, lots: [] })
  })
})
