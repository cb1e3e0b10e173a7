import { describe, expect, it } from 'vitest'
import { firstScreenModules, firstScreenRequests } from './first-screen.ts'

describe('first-screen requests (named in the page so they start beside the code)', () => {
  it.each([
    ['/', '', ['api/config', 'api/session', 'api/lots?status=open']],
    [
      '/',
      '?status=closed&sort=newest',
      ['api/config', 'api/session', 'api/lots?status=closed&sort=newest'],
    ],
    // Spelled as the list asks: defaults left out, values the API refuses dropped.
    [
      '/',
      '?sort=ending&status=nope&minPrice=abc',
      ['api/config', 'api/session', 'api/lots?status=open'],
    ],
    [
      '/',
      '?q=%20lamp%20&category=books&minPrice=5&maxPrice=20',
      [
        'api/config',
        'api/session',
        'api/lots?status=open&q=lamp&category=books&minPrice=5&maxPrice=20',
      ],
    ],
    [
      '/lots/0b8e6a0e-3c1d-4a5e-9b7f-1c2d3e4f5a6b',
      '',
      [
        'api/config',
        'api/session',
        'api/lots/0b8e6a0e-3c1d-4a5e-9b7f-1c2d3e4f5a6b',
        'api/lots/0b8e6a0e-3c1d-4a5e-9b7f-1c2d3e4f5a6b/bids',
      ],
    ],
    ['/lots/abc/', '', ['api/config', 'api/session', 'api/lots/abc', 'api/lots/abc/bids']],
    ['/lots/new', '', ['api/config', 'api/session']],
    // Never echoed into the page: anything but a plain id.
    ['/lots/%22%3E%3Cscript%3E', '', ['api/config', 'api/session']],
    ['/lots/a"b', '', ['api/config', 'api/session']],
    [`/lots/${'a'.repeat(65)}`, '', ['api/config', 'api/session']],
    ['/lots/abc/bids', '', ['api/config', 'api/session']],
    ['/wallet', '', ['api/config', 'api/session']],
    ['/sign-in', '?next=%2F', ['api/config', 'api/session']],
  ])('%s%s → %j', (path, search, expected) => {
    expect(firstScreenRequests(path, search)).toEqual(expected)
  })
})

describe('first-screen modules (their chunks named in the page, decisions 0035, 0059)', () => {
  // Every page: the app's start, which the entry loads after the libraries (src/main.tsx).
  const START = ['src/boot-libraries.ts', 'src/boot.tsx']
  const LIST = [...START, 'src/features/lots/LotListScreen.tsx', 'src/i18n/messages/lot-list.ts']
  const ROOM = [...START, 'src/features/lots/LotScreen.tsx', 'src/i18n/more.ts']
  it.each([
    ['/', LIST],
    ['/lots/0b8e6a0e-3c1d-4a5e-9b7f-1c2d3e4f5a6b', ROOM],
    ['/lots/abc/', ROOM],
    ['/lots/new', START],
    ['/lots/new/', START],
    ['/lots/newer', ROOM],
    ['/lots', START],
    ['/lots/', START],
    ['/lots/a/b', START],
    ['/x/lots/abc', START],
    ['/wallet', START],
    ['', START],
  ])('%s → %j', (path, modules) => {
    expect(firstScreenModules(path)).toEqual(modules)
  })
})
