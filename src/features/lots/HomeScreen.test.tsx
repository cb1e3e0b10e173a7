import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithApp } from '../../testing/render'
import HomeScreen from './HomeScreen'

describe('home screen', () => {
  it('says lots are coming instead of showing an empty page', () => {
    renderWithApp(<HomeScreen />)
    expect(screen.getByRole('heading', { level: 1, name: 'Open lots' })).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Lots arrive soon' })).toBeTruthy()
  })
})
