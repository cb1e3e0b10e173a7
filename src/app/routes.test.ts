import { describe, expect, it } from 'vitest'
import { matches, paramsOf } from './routes'

describe('route parameters, as the boot reads them for the first screen', () => {
  it('takes each :name from its segment, decoded as the router decodes it', () => {
    expect(paramsOf('/lots/:id', '/lots/abc-123')).toEqual({ id: 'abc-123' })
    expect(paramsOf('/lots/:id', '/lots/caf%C3%A9')).toEqual({ id: 'café' })
    expect(paramsOf('/wallet/receipts/:entryId', '/wallet/receipts/42/')).toEqual({
      entryId: '42',
    })
    expect(paramsOf('/', '/')).toEqual({})
  })

  it('matches nothing of another shape, and keeps a segment that is not valid encoding', () => {
    expect(paramsOf('/lots/:id', '/lots')).toBeUndefined()
    expect(paramsOf('/lots/:id', '/lots/a/b')).toBeUndefined()
    expect(paramsOf('/lots/new', '/lots/other')).toBeUndefined()
    expect(matches('/lots/:id', '/watchlist')).toBe(false)
    expect(paramsOf('/lots/:id', '/lots/%E0%A4%A')).toEqual({ id: '%E0%A4%A' })
  })
})
