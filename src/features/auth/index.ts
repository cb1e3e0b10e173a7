/**
 * The auth feature's public entry: who is signed in, and the gates other screens put in front
 * of private content. Its screens are not here: the routes load each as its own chunk.
 */
export { useMe } from './api'
export { SignedInOnly } from './SignedInOnly'
export { SignInPrompt } from './SignInPrompt'
export { VerifyEmailNotice } from './VerifyEmailNotice'
