import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { json, mockApi, problem } from '../../../testing/http'
import { renderWithApp } from '../../../testing/render'
import { summary } from '../../../testing/lot-fixtures'
import { LotCard } from './LotCard'
import { LotGallery } from './LotGallery'
import { PICTURE_BUSY_RETRIES } from '../api'
import { LotPicturesEditor } from './LotPicturesEditor'
import { moved } from './PictureOrderList'

/** Pictures on the client (decision 0024): cards, the gallery, the seller's editor. */
const pics = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: `p${i + 1}`,
    url: `uploads/lots/x-${i + 1}.png`,
    width: 1600,
    height: 1200,
    widths: [320, 640, 1280],
  }))

describe('moved', () => {
  it('moves one item and refuses moves off either end', () => {
    expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b'])
    expect(moved(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a'])
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c'])
    expect(moved(['a', 'b', 'c'], 2, 3)).toEqual(['a', 'b', 'c'])
  })
})

describe('LotCard media', () => {
  it("loads the first card's picture at once and first, the others when near the screen", () => {
    mockApi({})
    const lot = summary({ imageUrl: 'uploads/lots/a.png', pictures: pics(1) })
    const { container } = renderWithApp(
      <>
        <LotCard lot={lot} currency="EUR" priority />
        <LotCard lot={{ ...lot, id: 'second' }} currency="EUR" />
      </>,
    )
    const [first, second] = [...container.querySelectorAll('img')]
    expect(first?.getAttribute('loading')).toBe('eager')
    expect(first?.getAttribute('fetchpriority')).toBe('high')
    expect(second?.getAttribute('loading')).toBe('lazy')
    expect(second?.getAttribute('fetchpriority')).toBe('auto')
    // Space reserved either way: nothing moves when the picture arrives.
    expect(first?.getAttribute('width')).toBe('640')
    expect(first?.getAttribute('height')).toBe('480')
  })

  it('offers the WebP copies by width, so a phone downloads the size it shows (decision 0031)', () => {
    mockApi({})
    const [cover] = pics(1)
    const { container, rerender } = renderWithApp(
      <LotCard lot={summary({ imageUrl: cover!.url, pictures: [cover!] })} currency="EUR" />,
    )
    const img = () => container.querySelector('[data-testid=lot-card-media] img')!
    expect(img().getAttribute('srcset')).toBe(
      '/uploads/lots/x-1-320w.webp 320w, /uploads/lots/x-1-640w.webp 640w, /uploads/lots/x-1-1280w.webp 1280w',
    )
    expect(img().getAttribute('sizes')).toBe('(min-width: 640px) 360px, 50vw')
    // A picture stored before copies existed: the original, no srcset.
    const older = { ...cover!, width: null, height: null, widths: [] }
    rerender(<LotCard lot={summary({ imageUrl: older.url, pictures: [older] })} currency="EUR" />)
    expect(img().getAttribute('srcset')).toBeNull()
    expect(img().getAttribute('src')).toBe('/uploads/lots/x-1.png')
  })

  it('shows the cover, or the placeholder in the same box', () => {
    mockApi({})
    const { container, rerender } = renderWithApp(
      <LotCard
        lot={summary({ imageUrl: 'uploads/lots/a.png', pictures: pics(1) })}
        currency="EUR"
      />,
    )
    expect(container.querySelector('[data-testid=lot-card-media] img')).not.toBeNull()
    rerender(<LotCard lot={summary()} currency="EUR" />)
    expect(screen.getByTestId('picture-placeholder').textContent).toContain('No picture')
    expect(container.querySelector('[data-testid=lot-card-media] img')).toBeNull()
  })
})

describe('LotGallery', () => {
  it('moves with the arrow keys and buttons, says where it is, and renders nothing without pictures', () => {
    mockApi({})
    const { container, rerender } = renderWithApp(<LotGallery title="Lamp" pictures={pics(3)} />)
    expect(screen.getByTestId('gallery-position').textContent).toBe('Picture 1 of 3')
    expect(screen.getByRole('img', { name: 'Lamp, picture 2 of 3' })).toBeTruthy()
    fireEvent.keyDown(screen.getByRole('button', { name: 'Open picture 1 full size' }), {
      key: 'ArrowRight',
    })
    expect(screen.getByTestId('gallery-position').textContent).toBe('Picture 2 of 3')
    fireEvent.click(screen.getByRole('button', { name: 'Next picture' }))
    expect(screen.getByTestId('gallery-position').textContent).toBe('Picture 3 of 3')
    expect(
      (screen.getByRole('button', { name: 'Next picture' }) as HTMLButtonElement).disabled,
    ).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: 'Show picture 1' }))
    expect(screen.getByTestId('gallery-position').textContent).toBe('Picture 1 of 3')
    // Pictures removed while open: the position stays within what is left.
    fireEvent.click(screen.getByRole('button', { name: 'Show picture 3' }))
    rerender(<LotGallery title="Lamp" pictures={pics(2)} />)
    expect(screen.getByTestId('gallery-position').textContent).toBe('Picture 2 of 2')
    rerender(<LotGallery title="Lamp" pictures={[]} />)
    expect(container.querySelector('[data-testid=gallery]')).toBeNull()
  })

  it('asks for the original file only when the full-size view opens, and drops it on close', () => {
    mockApi({})
    const { container } = renderWithApp(<LotGallery title="Lamp" pictures={pics(2)} />)
    // The slides name the original only as their fallback `src` beside a `srcset`.
    const bare = () =>
      [...container.querySelectorAll('img')]
        .filter((img) => !img.hasAttribute('srcset'))
        .map((img) => img.getAttribute('src'))
        .filter((src) => src?.endsWith('.png'))
    expect(bare()).toEqual([])
    fireEvent.click(screen.getByRole('button', { name: 'Open picture 2 full size' }))
    expect(bare()).toEqual(['/uploads/lots/x-2.png'])
    fireEvent(screen.getByTestId('picture-zoom'), new Event('close'))
    expect(bare()).toEqual([])
  })

  it("shows the slide's copy when the original cannot be had (offline, never viewed)", () => {
    mockApi({})
    const { container } = renderWithApp(<LotGallery title="Lamp" pictures={pics(2)} />)
    const slide = screen.getByRole('img', { name: 'Lamp, picture 1 of 2' }) as HTMLImageElement
    // jsdom picks no srcset candidate: the one a browser showed.
    Object.defineProperty(slide, 'currentSrc', { value: 'http://x/uploads/lots/x-1-640w.webp' })
    fireEvent.click(screen.getByRole('button', { name: 'Open picture 1 full size' }))
    const full = container.querySelector('[data-testid=zoom-stage] img') as HTMLImageElement
    expect(full.getAttribute('src')).toBe('/uploads/lots/x-1.png')
    fireEvent.error(full)
    expect(full.src).toBe('http://x/uploads/lots/x-1-640w.webp')
  })
})

describe('LotPicturesEditor', () => {
  it('reorders through the API and shows the new order; an error says why', async () => {
    const lot = summary({
      pictures: pics(2),
      imageUrl: 'uploads/lots/x-1.png',
      bidCount: 0,
      status: 'open',
    })
    const api = mockApi({
      [`PUT /api/lots/${lot.id}/pictures/order`]: async (request) => {
        const body = (await request.json()) as { pictureIds: string[] }
        expect(body.pictureIds).toEqual(['p2', 'p1'])
        return json({ ...lot, version: lot.version + 1, pictures: pics(2).reverse() })
      },
      [`DELETE /api/lots/${lot.id}/pictures/p1`]: () =>
        problem(409, 'pictures_locked', 'The lot has bids.'),
    })
    renderWithApp(<LotPicturesEditor lot={lot} />)
    fireEvent.click(screen.getByRole('button', { name: 'Move picture 2 earlier' }))
    await waitFor(() => expect(document.body.textContent).toContain('Picture moved to position 1.'))
    expect(api.requests.some((r) => r.method === 'PUT')).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: 'Remove picture 1' }))
    await waitFor(() =>
      expect(
        screen.getByText('Pictures can change only before the first bid and while the lot runs.'),
      ).toBeTruthy(),
    )
  })

  it('sends a picture again after the Retry-After of a busy server, says so, and says why when it stays busy', async () => {
    const lot = summary({ pictures: [], imageUrl: null, bidCount: 0, status: 'open' })
    const busy = () =>
      new Response(
        JSON.stringify({ status: 503, code: 'pictures_busy', title: 'Busy', detail: 'Busy.' }),
        {
          status: 503,
          headers: { 'content-type': 'application/problem+json', 'retry-after': '1' },
        },
      )
    let answers = [busy(), json({ ...lot, version: lot.version + 1, pictures: pics(1) }, 201)]
    const api = mockApi({
      [`POST /api/lots/${lot.id}/pictures`]: () => answers.shift() ?? busy(),
    })
    renderWithApp(<LotPicturesEditor lot={lot} />)
    const input = screen.getByLabelText('Add pictures')
    const file = () => new File([new Uint8Array([0x89, 0x50])], 'a.png', { type: 'image/png' })
    fireEvent.change(input, { target: { files: [file()] } })
    await waitFor(() =>
      expect(document.body.textContent).toContain(
        'The server is busy with other pictures; trying again in a moment…',
      ),
    )
    await waitFor(() => expect(document.body.textContent).toContain('1 picture added.'), {
      timeout: 3_000,
    })
    expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(2)
    const editor = within(screen.getByTestId('pictures-editor'))
    expect(editor.queryByRole('alert')).toBeNull()

    // Busy every time: sent PICTURE_BUSY_RETRIES more times, then the reason is shown.
    answers = []
    fireEvent.change(input, { target: { files: [file()] } })
    await waitFor(
      () =>
        expect(editor.getByRole('alert').textContent).toBe(
          'a.png: The server is busy with other pictures right now. Try adding this one again in a minute.',
        ),
      { timeout: 6_000 },
    )
    expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(
      2 + 1 + PICTURE_BUSY_RETRIES,
    )
  }, 15_000)

  it('says pictures are locked once the lot has bids, and offers no controls', () => {
    mockApi({})
    renderWithApp(<LotPicturesEditor lot={summary({ pictures: pics(1), bidCount: 1 })} />)
    expect(screen.getByText('Pictures can change only before the first bid.')).toBeTruthy()
    expect(
      (screen.getByRole('button', { name: 'Remove picture 1' }) as HTMLButtonElement).disabled,
    ).toBe(true)
    expect(screen.queryByLabelText('Add pictures')).toBeNull()
  })
})
