/** `pusher:signin`: the socket becomes a signed-in user once the app's signature holds. */
import type { Connection } from './connection.ts'
import { isObject, type Json } from './json.ts'
import type { MessageContext } from './message-context.ts'
import { Codes, errorFrame, signinSuccess } from './protocol.ts'
import { userStringToSign, verifySocketAuth } from './signatures.ts'

export function signin(ctx: MessageContext, conn: Connection, data: Json | undefined): void {
  if (!data || typeof data.auth !== 'string' || typeof data.user_data !== 'string') {
    conn.send(errorFrame(Codes.INVALID_MESSAGE, 'pusher:signin needs data.auth and data.user_data'))
    return
  }
  const { auth, user_data: userData } = data
  if (!verifySocketAuth(auth, ctx.state.app, userStringToSign(conn.socketId, userData))) {
    conn.send(errorFrame(Codes.UNAUTHORIZED, 'Invalid signin signature'))
    return
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(userData)
  } catch {
    conn.send(errorFrame(Codes.UNAUTHORIZED, 'user_data is not valid JSON'))
    return
  }
  if (!isObject(parsed) || typeof parsed.id !== 'string' || parsed.id === '') {
    conn.send(errorFrame(Codes.UNAUTHORIZED, 'user_data.id must be a non-empty string'))
    return
  }
  // "Sign-in fails if the connection is already associated with a different user id."
  if (conn.user && conn.user.id !== parsed.id) {
    conn.send(errorFrame(Codes.UNAUTHORIZED, 'Connection is already signed in as another user'))
    return
  }
  if (!conn.user) {
    ctx.state.signIn(conn, { id: parsed.id, userData, info: parsed.user_info ?? {} })
  }
  conn.send(signinSuccess(userData))
}
