import { api } from '../api/client'

/**
 * POST /broadcasting/{path} with the app's one HTTP client (same headers, same cookies): what a
 * private channel's subscription and a member's sign-in to the service ask. With the connection's
 * code, not the page's entry: a guest's first screen never asks it.
 */
export function authorize(path: 'auth' | 'user-auth', body: Record<string, string>) {
  const prefixUrl = new URL(`${import.meta.env.BASE_URL}broadcasting`, location.href).href
  return api.extend({ prefixUrl }).post(path, { json: body }).json()
}
