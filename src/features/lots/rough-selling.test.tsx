import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createTranslator } from '../../i18n'
import { json, mockApi } from '../../testing/http'
import { renderWithApp } from '../../testing/render'
import { summary } from '../../testing/lot-fixtures'
import { noPushService } from '../push/browser'
import { BidHistoryList } from './components/BidHistoryList'
import { LotPicturesEditor } from './components/LotPicturesEditor'
import {
  checkLotForm,
  errorsStillShown,
  INITIAL_VALUES,
  pictureProblem,
  type LotFormValues,
} from './create-lot-form'

/** Issue 32's selling fixes on the client: errors as fields are fixed, refused pictures named. */
const t = createTranslator('en')
const money = (minor: number) => `€${(minor / 100).toFixed(2)}`
const check = (values: LotFormValues) => checkLotForm(values, Date.now(), t, money, 'EUR').errors

describe('errorsStillShown: a failed submit’s errors go field by field as they are fixed', () => {
  const failed = { ...INITIAL_VALUES, title: 'x', startingPrice: 'abc' }
  const errors = check(failed)

  it('drops a fixed field and keeps the others, in the check’s current words', () => {
    expect(Object.keys(errors).sort()).toEqual(['category', 'delivery', 'startingPrice', 'title'])
    const shown = { errors, values: failed, fromServer: false }
    const fixedTitle = { ...failed, title: 'A fine teapot' }
    const still = errorsStillShown(shown, fixedTitle, check(fixedTitle))
    expect(still.title).toBeUndefined()
    expect(still.startingPrice).toBe('Enter an amount like 12.50.')
    expect(Object.keys(still)).toHaveLength(3)
    const lowPrice = { ...fixedTitle, startingPrice: '0.50' }
    expect(errorsStillShown(shown, lowPrice, check(lowPrice)).startingPrice).toBe(
      'Enter at least €1.00.',
    )
  })

  it('never shows a field that was right at the submit, even when it goes wrong after', () => {
    const shown = {
      errors: { title: 'Use 3 to 120 characters.' },
      values: failed,
      fromServer: false,
    }
    const worse = { ...failed, startingPrice: 'still bad', reservePrice: 'bad' }
    expect(errorsStillShown(shown, worse, check(worse))).toEqual({
      title: 'Use 3 to 120 characters.',
    })
  })

  it('keeps a server’s refusal until that field is changed, then follows the check', () => {
    const good = {
      ...INITIAL_VALUES,
      title: 'A fine teapot',
      category: 'home',
      startingPrice: '12',
      pickup: true,
      pickupTown: 'Ghent',
    }
    expect(check(good)).toEqual({})
    const shown = { errors: { title: 'Already listed.' }, values: good, fromServer: true }
    const other = { ...good, startingPrice: '13' }
    expect(errorsStillShown(shown, other, check(other))).toEqual({ title: 'Already listed.' })
    const changed = { ...good, title: 'A finer teapot' }
    expect(errorsStillShown(shown, changed, check(changed))).toEqual({})
    // The delivery reads its four inputs: changing the town counts as changing it.
    const delivery = { errors: { delivery: 'No.' }, values: good, fromServer: true }
    expect(errorsStillShown(delivery, other, check(other))).toEqual({ delivery: 'No.' })
    const town = { ...good, pickupTown: 'Bruges' }
    expect(errorsStillShown(delivery, town, check(town))).toEqual({})
  })
})

describe('pictureProblem: names the file and why, with the server’s rule', () => {
  const file = (name: string, type: string, size: number) => ({ name, type, size })
  it.each([
    [file('a.png', 'image/png', 10), null],
    [file('b.gif', 'image/gif', 10), 'b.gif: not a JPEG, PNG or WebP picture.'],
    [file('c.jpg', 'image/jpeg', 0), 'c.jpg: the file is empty.'],
    [
      file('d.jpg', 'image/jpeg', 3.5 * 1024 * 1024),
      'd.jpg: 3.5 MB, larger than the 2 MB a picture may be.',
    ],
  ])('%j → %s', (f, said) => {
    expect(pictureProblem(f, t, 'en')).toBe(said)
  })
})

describe('the seller’s editor names each refused picture before sending anything', () => {
  it('says which file and why, and sends only the good one', async () => {
    const lot = summary({ pictures: [], imageUrl: null, bidCount: 0, status: 'open' })
    const api = mockApi({
      [`POST /api/lots/${lot.id}/pictures`]: () => json({ ...lot, version: lot.version + 1 }, 201),
    })
    renderWithApp(<LotPicturesEditor lot={lot} />)
    fireEvent.change(screen.getByLabelText('Add pictures'), {
      target: {
        files: [
          new File(['GIF89a'], 'holiday.gif', { type: 'image/gif' }),
          new File([new Uint8Array([0x89, 0x50])], 'ok.png', { type: 'image/png' }),
        ],
      },
    })
    const said = await screen.findByText('holiday.gif: not a JPEG, PNG or WebP picture.')
    expect(said.getAttribute('role')).toBe('alert')
    await waitFor(() => expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(1))
  })
})

describe('the bid history of a lot without bids', () => {
  it('invites a bidder, but not the seller of the lot', async () => {
    mockApi({ ['GET /api/lots/l1/bids']: () => json({ items: [] }) })
    const { unmount } = renderWithApp(<BidHistoryList lotId="l1" currency="EUR" myAlias={null} />)
    await screen.findByText('No bids yet. Be the first.')
    unmount()
    renderWithApp(<BidHistoryList lotId="l1" currency="EUR" myAlias={null} isSeller />)
    await screen.findByText('No bids yet.')
    expect(screen.queryByText(/Be the first/)).toBeNull()
  })
})

describe('noPushService: a browser with the Push API but no service behind it', () => {
  it.each([
    [new DOMException('Registration failed - push service not available', 'AbortError'), true],
    [new DOMException('push service error', 'AbortError'), true],
    [new DOMException('Not supported', 'NotSupportedError'), true],
    [new Error('Error retrieving push subscription: push service unreachable'), true],
    [new DOMException('Permission denied', 'NotAllowedError'), false],
    [new Error('network'), false],
    ['push service', false],
  ])('%s → %s', (error, none) => {
    expect(noPushService(error)).toBe(none)
  })
})
