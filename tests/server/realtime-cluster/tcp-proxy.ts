/**
 * A round-robin TCP proxy standing for the load balancer in front of the real-time nodes. A
 * backend that refuses the connection (a killed node) is skipped, so a client's reconnect lands on
 * a live node, as behind any health-checked balancer. `pin()` sends new connections to one backend
 * while it is up, so a test knows which node a client is on.
 */
import { connect, createServer, type Server, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'

export class TcpProxy {
  private readonly server: Server
  private readonly sockets = new Set<Socket>()
  private next = 0
  private pinned: number | undefined

  private constructor(private readonly backends: number[]) {
    this.server = createServer((client) => this.accept(client))
  }

  static async start(backends: number[]): Promise<TcpProxy> {
    const proxy = new TcpProxy(backends)
    await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve))
    return proxy
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port
  }

  /** New connections go to `backends[index]` while it accepts them; undefined = round robin. */
  pin(index: number | undefined): void {
    this.pinned = index
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }

  private accept(client: Socket): void {
    this.track(client)
    client.pause()
    const first = this.pinned ?? this.next++ % this.backends.length
    this.dial(client, first, this.backends.length)
  }

  /** Try backends from `index` on, each once; a client nobody accepts is dropped. */
  private dial(client: Socket, index: number, triesLeft: number): void {
    if (triesLeft === 0) return void client.destroy()
    const port = this.backends[index % this.backends.length] as number
    const upstream = connect(port, '127.0.0.1')
    this.track(upstream)
    let connected = false
    upstream.once('connect', () => {
      connected = true
      client.pipe(upstream).pipe(client)
      client.resume()
    })
    upstream.on('error', () => {
      if (!connected) return this.dial(client, index + 1, triesLeft - 1)
      client.destroy()
    })
    upstream.on('close', () => {
      if (connected) client.destroy()
    })
    client.on('close', () => upstream.destroy())
    client.on('error', () => upstream.destroy())
  }

  private track(socket: Socket): void {
    this.sockets.add(socket)
    socket.on('close', () => this.sockets.delete(socket))
  }
}
