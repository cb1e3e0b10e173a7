import type { ReactNode } from 'react'
import { useQueryFallback } from '../../components/useQueryFallback'
import { useMe } from './api'
import { SignInPrompt } from './SignInPrompt'

/**
 * Shows `children` to a signed-in person; otherwise what the screen is for (`signInTitle`) with a
 * sign-in link that brings them back here.
 */
export function SignedInOnly({
  signInTitle,
  children,
}: {
  signInTitle: string
  children: ReactNode
}) {
  const me = useMe()
  const fallback = useQueryFallback(me)
  if (fallback) return fallback
  if (!me.data) return <SignInPrompt title={signInTitle} />
  return <>{children}</>
}
