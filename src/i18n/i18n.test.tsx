import { act, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ERROR_CODES } from '../../common/errors'
import { ApiError } from '../api/api-error'
import { NetworkError } from '../api/errors'
import { mockApi, problem } from '../testing/http'
import { api } from '../api/client'
import { en as shellEn } from './en'
import { moreEn } from './more'

/** The whole English source dictionary: the shell's and the other screens'. */
const en = { ...shellEn, ...moreEn }
import { es } from './es'
import { errorMessage } from './error-message'
import {
  createTranslator,
  detectLanguage,
  formatMoney,
  getLanguage,
  LANGUAGE_STORAGE_KEY,
  setLanguage,
  type MessageKey,
} from './index'

describe('i18n', () => {
  it('interpolates {name} variables and leaves unknown ones visible', () => {
    const t = createTranslator('en')
    expect(t('auth.alreadySignedIn', { name: 'Alice' })).toBe('You are signed in as Alice.')
    expect(t('auth.alreadySignedIn')).toBe('You are signed in as {name}.')
  })

  it('picks plural forms with Intl.PluralRules per language', () => {
    expect(createTranslator('en')('lots.count', { count: 1 })).toBe('1 lot')
    expect(createTranslator('en')('lots.count', { count: 3 })).toBe('3 lots')
    expect(createTranslator('es')('lots.count', { count: 1 })).toBe('1 lote')
    expect(createTranslator('es')('lots.count', { count: 0 })).toBe('0 lotes')
  })

  it('falls back to English for a key Spanish does not have', () => {
    const missing = (Object.keys(en) as (keyof typeof en)[]).find((k) => !(k in es))
    expect(missing, 'es.ts should be a real Partial for this test').toBeDefined()
    expect(createTranslator('es')(missing!)).toBe(createTranslator('en')(missing!))
    expect(createTranslator('es')('nav.lots')).toBe('Lotes')
  })

  it('is complete in Spanish: only names that stay the same in every language fall back', () => {
    const missing = Object.keys(en).filter((k) => !(k in es))
    expect(missing.sort()).toEqual(['app.name', 'language.en', 'language.es'])
  })

  it('no two message modules define the same key (a later spread would silently win)', () => {
    for (const modules of [
      import.meta.glob<Record<string, object>>(['./messages/*.ts', '!./messages/*.es.ts'], {
        eager: true,
      }),
      import.meta.glob<Record<string, object>>('./messages/*.es.ts', { eager: true }),
    ]) {
      const owners = new Map<string, string[]>()
      for (const [file, exports] of Object.entries(modules))
        for (const messages of Object.values(exports))
          for (const key of Object.keys(messages))
            owners.set(key, [...(owners.get(key) ?? []), file])
      const twice = [...owners].filter(([, files]) => files.length > 1)
      expect(twice).toEqual([])
    }
  })

  it('has an English message for every API error code', () => {
    const t = createTranslator('en')
    for (const code of ERROR_CODES) {
      const key = `errors.${code}` as const
      expect(en[key], key).toBeTruthy()
      expect(t(key)).not.toBe(key)
    }
  })

  it('chooses the language from storage, then navigator.languages, then en', () => {
    expect(detectLanguage('es', ['en-US'])).toBe('es')
    expect(detectLanguage(null, ['fr-FR', 'es-MX', 'en'])).toBe('es')
    expect(detectLanguage('klingon', ['fr', 'de'])).toBe('en')
    expect(detectLanguage(null, undefined)).toBe('en')
  })

  it('setLanguage remembers the choice and updates <html lang>', () => {
    setLanguage('es')
    expect(getLanguage()).toBe('es')
    expect(document.documentElement.lang).toBe('es')
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('es')
    setLanguage('en')
    expect(document.documentElement.lang).toBe('en')
  })

  it('formats integer minor units in the currency and language', () => {
    expect(formatMoney(1050, 'EUR', 'en')).toBe('€10.50')
    expect(formatMoney(1050, 'EUR', 'es').replace(/\s/g, ' ')).toBe('10,50 €')
    expect(formatMoney(500, 'JPY', 'en')).toBe('¥500')
  })
})

describe('errorMessage', () => {
  it('translates by problem code, in every language', async () => {
    mockApi({
      'POST /api/auth/login': () => problem(401, 'invalid_credentials', 'Wrong email or password'),
      'POST /api/lots': () => problem(409, 'conflict', 'The lot changed (version 7)'),
    })
    const login = (await api.post('auth/login').catch((e: unknown) => e)) as ApiError
    expect(errorMessage(login, 'es')).toBe(
      'Ese correo y esa contraseña no coinciden con ninguna cuenta.',
    )
    expect(errorMessage(login, 'en')).toBe('That email and password do not match an account.')
    const conflict = (await api.post('lots').catch((e: unknown) => e)) as ApiError
    expect(errorMessage(conflict, 'es')).toBe(
      'Algo cambió mientras tanto. Recarga e inténtalo de nuevo.',
    )
    expect(errorMessage(conflict, 'en')).toBe('That changed in the meantime. Reload and try again.')
  })

  it('explains network failures and unknown errors', () => {
    expect(errorMessage(new NetworkError(new TypeError('x'), true), 'en')).toMatch(/offline/i)
    expect(errorMessage(new NetworkError(new TypeError('x'), false), 'en')).toMatch(
      /could not reach the server/,
    )
    expect(errorMessage(new Error('boom'), 'en')).toBe('Something went wrong. Please try again.')
  })
})

describe('dictionaries other than English load on demand', () => {
  // A fresh copy of the module: the test setup has already loaded Spanish into the shared one.
  const freshI18n = async () => {
    vi.resetModules()
    return import('./index')
  }

  it('Spanish is not in the entry: absent until asked for, then there (loaded once)', async () => {
    const i18n = await freshI18n()
    expect(i18n.hasMessage('es', 'app.loading')).toBe(false)
    expect(i18n.createTranslator('es')('app.loading')).toBe('Loading…')
    const first = i18n.loadLanguage('es')
    expect(i18n.loadLanguage('es')).toBe(first)
    await first
    expect(i18n.createTranslator('es')('app.loading')).toBe('Cargando…')
  })

  it('choosing Spanish draws in English for a moment, then redraws in Spanish', async () => {
    const i18n = await freshI18n()
    function Title() {
      return <h1>{i18n.useT().t('app.loading')}</h1>
    }
    render(<Title />)
    expect(screen.getByRole('heading').textContent).toBe('Loading…')
    act(() => i18n.setLanguage('es'))
    expect(i18n.getLanguage()).toBe('es')
    expect(await screen.findByRole('heading', { name: 'Cargando…' })).toBeTruthy()
  })

  it('a chunk of English redraws a screen that showed one of its keys blank, and only then', async () => {
    const i18n = await freshI18n()
    const [moreKey, moreText] = Object.entries(moreEn).find(([key]) => !(key in shellEn))! as [
      MessageKey,
      string,
    ]
    let renders = 0
    function Shell() {
      renders += 1
      return <h1>{i18n.useT().t('app.loading')}</h1>
    }
    render(<Shell />)
    act(() => i18n.addMessages({ 'test.unused': 'Nobody shows this' } as never))
    expect(renders).toBe(1)

    function Prompt() {
      return <p>{i18n.useT().t(moreKey)}</p>
    }
    render(<Prompt />)
    expect(screen.getByRole('paragraph').textContent).toBe('')
    act(() => i18n.addMessages(moreEn, true))
    expect(screen.getByRole('paragraph').textContent).toBe(moreText)
  })
})
