import { describe, expect, it } from 'vitest'
import {
  HOST_ACTIONS,
  hostMove,
  SHOW_LOTS_MAX,
  SHOW_SCHEDULE_AHEAD_MAX_MS,
  showSoftCloseSeconds,
  validateShowChange,
  validateShowInput,
  validateShowLots,
  type HostSituation,
  type ShowLotInput,
} from './shows.ts'

const A = '00000000-0000-4000-8000-00000000000a'
const B = '00000000-0000-4000-8000-00000000000b'
const C = '00000000-0000-4000-8000-00000000000c'
const now = new Date('2026-11-28T12:00:00.000Z')
const at = (ms: number) => new Date(now.getTime() + ms).toISOString()

const situation = (patch: Partial<HostSituation> = {}): HostSituation => ({
  state: 'live',
  running: false,
  nextLotId: B,
  past: new Set([A]),
  ...patch,
})

describe('showSoftCloseSeconds', () => {
  it('is 10 s in standard and none in sudden death', () => {
    expect(showSoftCloseSeconds('standard')).toBe(10)
    expect(showSoftCloseSeconds('sudden_death')).toBe(0)
  })
})

describe('hostMove', () => {
  it('start: applies once from scheduled; any later state is already started', () => {
    expect(hostMove('start', situation({ state: 'scheduled' }))).toEqual({ do: 'apply' })
    for (const state of ['live', 'paused', 'ended'] as const)
      expect(hostMove('start', situation({ state }))).toEqual({ do: 'already' })
  })

  it('end: applies unless ended (already) or a lot is on the block (lot_running)', () => {
    for (const state of ['scheduled', 'live', 'paused'] as const)
      expect(hostMove('end', situation({ state }))).toEqual({ do: 'apply' })
    expect(hostMove('end', situation({ state: 'ended' }))).toEqual({ do: 'already' })
    expect(hostMove('end', situation({ running: true }))).toEqual({ refuse: 'lot_running' })
    expect(hostMove('end', situation({ state: 'ended', running: true }))).toEqual({
      do: 'already',
    })
  })

  it('pause and resume: each applies from the other, repeats are already, else refused', () => {
    expect(hostMove('pause', situation({ state: 'live' }))).toEqual({ do: 'apply' })
    expect(hostMove('pause', situation({ state: 'paused' }))).toEqual({ do: 'already' })
    expect(hostMove('pause', situation({ state: 'scheduled' }))).toEqual({
      refuse: 'show_not_started',
    })
    expect(hostMove('pause', situation({ state: 'ended' }))).toEqual({ refuse: 'show_ended' })
    expect(hostMove('resume', situation({ state: 'paused' }))).toEqual({ do: 'apply' })
    expect(hostMove('resume', situation({ state: 'live' }))).toEqual({ do: 'already' })
    expect(hostMove('resume', situation({ state: 'scheduled' }))).toEqual({
      refuse: 'show_not_started',
    })
    expect(hostMove('resume', situation({ state: 'ended' }))).toEqual({ refuse: 'show_ended' })
  })

  it('next: opens the named head of the queue only while live and nothing runs', () => {
    expect(hostMove('next', situation(), B)).toEqual({ do: 'apply' })
    expect(hostMove('next', situation(), C)).toEqual({ refuse: 'not_next_lot' })
    expect(hostMove('next', situation())).toEqual({ refuse: 'not_next_lot' })
    expect(hostMove('next', situation({ running: true }), B)).toEqual({ refuse: 'lot_running' })
    expect(hostMove('next', situation({ state: 'paused' }), B)).toEqual({
      refuse: 'show_not_live',
    })
    expect(hostMove('next', situation({ state: 'scheduled' }), B)).toEqual({
      refuse: 'show_not_live',
    })
    expect(hostMove('next', situation({ state: 'ended' }), B)).toEqual({ refuse: 'show_ended' })
    expect(hostMove('next', situation({ nextLotId: null }), B)).toEqual({
      refuse: 'show_queue_empty',
    })
  })

  it('next and skip repeated on a lot that already left the queue are already done', () => {
    expect(hostMove('next', situation({ running: true }), A)).toEqual({ do: 'already' })
    expect(hostMove('skip', situation({ state: 'ended' }), A)).toEqual({ do: 'already' })
  })

  it('skip: the named head of the queue, in any state but ended, even with a lot running', () => {
    for (const state of ['scheduled', 'live', 'paused'] as const)
      expect(hostMove('skip', situation({ state }), B)).toEqual({ do: 'apply' })
    expect(hostMove('skip', situation({ running: true }), B)).toEqual({ do: 'apply' })
    expect(hostMove('skip', situation(), C)).toEqual({ refuse: 'not_next_lot' })
    expect(hostMove('skip', situation({ nextLotId: null }), B)).toEqual({
      refuse: 'show_queue_empty',
    })
    expect(hostMove('skip', situation({ state: 'ended' }), B)).toEqual({ refuse: 'show_ended' })
  })

  it('knows every action', () => {
    for (const action of HOST_ACTIONS) expect(hostMove(action, situation(), B)).toBeDefined()
  })
})

describe('validateShowChange', () => {
  it('accepts a valid change, and nothing at all', () => {
    expect(
      validateShowChange(
        { title: ' Sneaker night ', description: 'd', startsAt: at(0), autoAdvanceSeconds: 0 },
        now,
      ),
    ).toEqual({})
    expect(validateShowChange({}, now)).toEqual({})
    expect(validateShowChange({ autoAdvanceSeconds: null }, now)).toEqual({})
    expect(validateShowChange({ autoAdvanceSeconds: 120 }, now)).toEqual({})
  })

  it('checks the title: 3 to 120 characters of one visible line', () => {
    expect(validateShowChange({ title: ' ab ' }, now)).toEqual({
      title: 'Must be 3 to 120 characters.',
    })
    expect(validateShowChange({ title: 'abc' }, now)).toEqual({})
    expect(validateShowChange({ title: 'x'.repeat(120) }, now)).toEqual({})
    expect(validateShowChange({ title: 'x'.repeat(121) }, now).title).toBeDefined()
    expect(validateShowChange({ title: 'two\nlines' }, now)).toEqual({
      title: 'Must be one line with visible characters.',
    })
  })

  it('checks the description length', () => {
    expect(validateShowChange({ description: 'x'.repeat(5_000) }, now)).toEqual({})
    expect(validateShowChange({ description: 'x'.repeat(5_001) }, now)).toEqual({
      description: 'Must be at most 5000 characters.',
    })
  })

  it('checks the start: a time, not in the past beyond the skew, within 30 days', () => {
    expect(validateShowChange({ startsAt: 'soon' }, now)).toEqual({
      startsAt: 'Is not a valid time.',
    })
    expect(validateShowChange({ startsAt: at(-60_000) }, now)).toEqual({})
    expect(validateShowChange({ startsAt: at(-60_001) }, now)).toEqual({
      startsAt: 'Must not be in the past.',
    })
    expect(validateShowChange({ startsAt: at(SHOW_SCHEDULE_AHEAD_MAX_MS) }, now)).toEqual({})
    expect(validateShowChange({ startsAt: at(SHOW_SCHEDULE_AHEAD_MAX_MS + 1) }, now)).toEqual({
      startsAt: 'Must be within 30 days.',
    })
  })

  it('checks auto-advance: whole seconds 0 to 120', () => {
    const message = { autoAdvanceSeconds: 'Must be 0 to 120 seconds, or none.' }
    for (const bad of [-1, 121, 1.5, Number.NaN])
      expect(validateShowChange({ autoAdvanceSeconds: bad }, now)).toEqual(message)
  })
})

describe('validateShowLots', () => {
  const lot = (patch: Partial<ShowLotInput> = {}): ShowLotInput => ({
    lotId: A,
    timerSeconds: 30,
    mode: 'standard',
    ...patch,
  })

  it('accepts a valid queue, an empty one, ids in any case, and the bounds', () => {
    expect(validateShowLots([])).toEqual({})
    expect(
      validateShowLots([
        lot({ timerSeconds: 10 }),
        lot({ lotId: B.toUpperCase(), timerSeconds: 120, mode: 'sudden_death' }),
      ]),
    ).toEqual({})
  })

  it('names each bad field by its place', () => {
    expect(
      validateShowLots([
        lot({ lotId: 'nope' }),
        lot({ timerSeconds: 9 }),
        lot({ lotId: B, timerSeconds: 121 }),
        lot({ lotId: C, timerSeconds: 30.5, mode: 'fast' as never }),
        lot({ lotId: 42 as never }),
      ]),
    ).toEqual({
      'lots.0.lotId': 'Is not a lot.',
      'lots.1.timerSeconds': 'Must be 10 to 120 seconds.',
      'lots.2.timerSeconds': 'Must be 10 to 120 seconds.',
      'lots.3.timerSeconds': 'Must be 10 to 120 seconds.',
      'lots.3.mode': 'Choose standard or sudden death.',
      'lots.4.lotId': 'Is not a lot.',
    })
  })

  it('refuses a lot twice, whatever the case of its id', () => {
    expect(validateShowLots([lot(), lot({ lotId: A.toUpperCase() })])).toEqual({
      'lots.1.lotId': 'Is already in the show.',
    })
  })

  it('refuses more than SHOW_LOTS_MAX lots as a whole', () => {
    const many = Array.from({ length: SHOW_LOTS_MAX + 1 }, () => lot({ lotId: 'x' }))
    expect(validateShowLots(many)).toEqual({ lots: 'At most 50 lots.' })
    const ids = Array.from(
      { length: SHOW_LOTS_MAX },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    )
    expect(validateShowLots(ids.map((lotId) => lot({ lotId })))).toEqual({})
  })
})

describe('validateShowInput', () => {
  it('needs a title and a start, and checks the queue with them', () => {
    expect(validateShowInput({ title: 'Night', startsAt: at(60_000) }, now)).toEqual({})
    expect(
      validateShowInput(
        {
          title: 'x',
          startsAt: 'later',
          autoAdvanceSeconds: 500,
          lots: [{ lotId: A, timerSeconds: 5, mode: 'standard' }],
        },
        now,
      ),
    ).toEqual({
      title: 'Must be 3 to 120 characters.',
      startsAt: 'Is not a valid time.',
      autoAdvanceSeconds: 'Must be 0 to 120 seconds, or none.',
      'lots.0.timerSeconds': 'Must be 10 to 120 seconds.',
    })
  })
})
