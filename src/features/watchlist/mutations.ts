import { registerWatchMutations } from './api'

registerWatchMutations()
