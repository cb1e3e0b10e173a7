import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { applyTheme, followThemeChanges, getTheme } from './theme'
import { setTheme, useTheme } from './theme-choice'

function metas() {
  return [...document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')]
}

describe('theme', () => {
  beforeEach(() => {
    document.head.innerHTML =
      '<meta name="theme-color" content="#121420" media="(prefers-color-scheme: dark)">' +
      '<meta name="theme-color" content="#f6f4ee" media="(prefers-color-scheme: light)">'
  })
  afterEach(() => {
    localStorage.clear()
    delete document.documentElement.dataset.theme
  })

  it('a choice is kept on the device, marks the document and colours the browser chrome', () => {
    setTheme('light')
    expect(localStorage.getItem('lotline:theme')).toBe('light')
    expect(document.documentElement.dataset.theme).toBe('light')
    expect(metas().map((m) => m.getAttribute('content'))).toEqual(['#f6f4ee', '#f6f4ee'])
    setTheme('dark')
    expect(getTheme()).toBe('dark')
    expect(metas().map((m) => m.getAttribute('content'))).toEqual(['#121420', '#121420'])
  })

  it('"system" forgets the choice and lets each scheme have its own chrome colour', () => {
    setTheme('dark')
    setTheme('system')
    expect(localStorage.getItem('lotline:theme')).toBeNull()
    expect(document.documentElement.dataset.theme).toBeUndefined()
    expect(metas().map((m) => m.getAttribute('content'))).toEqual(['#121420', '#f6f4ee'])
  })

  it('an unknown stored value is treated as "system", not applied', () => {
    localStorage.setItem('lotline:theme', 'neon')
    expect(getTheme()).toBe('system')
    applyTheme()
    expect(document.documentElement.dataset.theme).toBeUndefined()
  })

  it("another tab's choice shows in this one: on the document and in the Account screen's choice", () => {
    const stop = followThemeChanges()
    const { result, unmount } = renderHook(() => useTheme())
    expect(result.current).toBe('system')
    act(() => {
      localStorage.setItem('lotline:theme', 'light') // written by the other tab
      window.dispatchEvent(new StorageEvent('storage', { key: 'lotline:theme' }))
    })
    expect(result.current).toBe('light')
    expect(document.documentElement.dataset.theme).toBe('light')
    unmount()
    stop()
  })
})
