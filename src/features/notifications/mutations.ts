import { registerNotificationMutations } from './api'

registerNotificationMutations()
