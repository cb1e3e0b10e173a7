import { optionalLazy } from '../../components/optional-lazy'

/** Follow / Following (issue 34), loaded when shown: see FollowButton.tsx. */
export const FollowButton = optionalLazy(() =>
  import('./FollowButton').then((module) => ({ default: module.FollowButton })),
)
