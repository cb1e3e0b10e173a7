import type Pusher from 'pusher-js'
import type { RuntimeConfig } from '../../common/config'

/**
 * Just enough of pusher-js for RealtimeClient's tests: connection states, connect/disconnect,
 * sign-in, frames sent and received, channels (subscribed, fed events, presence members) and
 * the user's own events.
 */
type Change = { previous: string; current: string }
type Handler = (data?: unknown) => void

export interface FakeMember {
  id: unknown
  info?: Record<string, unknown>
}

/** A channel as pusher-js gives it: the same object for every subscribe of one name. */
export class FakeChannel {
  private handlers = new Map<string, Handler[]>()
  private global: Array<(event: string, data: unknown) => void> = []
  /** A presence channel's members, as pusher-js keeps them. */
  memberList: FakeMember[] = []
  members = { each: (callback: (member: FakeMember) => void) => this.memberList.forEach(callback) }

  unbind_all() {
    this.handlers.clear()
    this.global = []
  }
  bind(event: string, handler: Handler) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler])
  }
  bind_global(handler: (event: string, data: unknown) => void) {
    this.global.push(handler)
  }
  /** The service sends `event` on this channel (pusher-js calls global handlers for all). */
  emit(event: string, data?: unknown) {
    for (const handler of this.handlers.get(event) ?? []) handler(data)
    for (const handler of this.global) handler(event, data)
  }
}

export class FakePusher {
  static last: FakePusher
  connects = 0
  disconnects = 0
  signins = 0
  /** Events the app sent on the socket (pusher:ping). */
  sent: string[] = []
  subscribed: string[] = []
  unsubscribed: string[] = []
  readonly channels = new Map<string, FakeChannel>()
  private handlers: Array<(change: Change) => void> = []
  private messageHandlers = new Set<(message: unknown) => void>()
  private userHandlers = new Map<string, Handler>()
  connection = {
    state: 'initialized',
    socket_id: 'socket-1',
    // pusher-js's bind: 'state_change' handlers get a change, 'message' ones a frame.
    bind: (event: string, handler: (arg: Change & { event?: string }) => void) => {
      if (event === 'message') this.messageHandlers.add(handler as (message: unknown) => void)
      if (event === 'state_change') this.handlers.push(handler)
    },
    unbind: (event: string, handler: (arg: Change & { event?: string }) => void) => {
      if (event === 'message') this.messageHandlers.delete(handler as (message: unknown) => void)
    },
    send_event: (event: string) => {
      this.sent.push(event)
      return true
    },
  }
  user = {
    bind: (event: string, handler: Handler) => void this.userHandlers.set(event, handler),
  }
  constructor(
    readonly key?: string,
    readonly options?: unknown,
  ) {
    FakePusher.last = this
  }
  to(current: string) {
    const previous = this.connection.state
    this.connection.state = current
    for (const handler of this.handlers) handler({ previous, current })
  }
  /** How many listeners wait for frames on the socket. */
  get messageListeners() {
    return this.messageHandlers.size
  }
  /** A frame arrives from the service. */
  receive(event: string) {
    for (const handler of [...this.messageHandlers]) handler({ event })
  }
  /** An event for the signed-in user (`#server-to-user-{id}`). */
  userEvent(event: string, data: unknown) {
    this.userHandlers.get(event)?.(data)
  }
  connect() {
    this.connects++
    this.to('connecting')
  }
  disconnect() {
    this.disconnects++
    this.to('disconnected')
  }
  signin() {
    this.signins++
  }
  subscribe(name: string) {
    this.subscribed.push(name)
    let channel = this.channels.get(name)
    if (!channel) this.channels.set(name, (channel = new FakeChannel()))
    return channel
  }
  unsubscribe(name: string) {
    this.unsubscribed.push(name)
  }
}

export const fakePusherClass = FakePusher as unknown as typeof Pusher

export const REALTIME_CONFIG: RuntimeConfig['realtime'] = {
  key: 'k',
  host: 'localhost',
  port: 6001,
  scheme: 'http',
  cluster: 'mt1',
}
