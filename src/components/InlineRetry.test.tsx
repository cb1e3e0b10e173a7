import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderWithApp } from '../testing/render'
import { InlineRetry } from './InlineRetry'

const notice = () => screen.getByRole('button', { name: 'Try again' }).parentElement!

describe('InlineRetry', () => {
  it('says what failed with a retry link that retries', () => {
    const onRetry = vi.fn()
    renderWithApp(<InlineRetry message="Could not load." onRetry={onRetry} />)
    expect(notice().textContent).toBe('Could not load. Try again')
    expect(notice().getAttribute('role')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(onRetry).toHaveBeenCalledOnce()
  })

  it('as an alert, in small type when asked', () => {
    renderWithApp(<InlineRetry message="Could not load." onRetry={() => {}} small alert />)
    expect(notice().getAttribute('role')).toBe('alert')
    expect(notice().className).toBe('notice notice-error small')
  })
})
