/**
 * The push-service stand-in (tests/server/push-service.ts) in a process of its own, so the
 * benchmark's CPU time is the sender's alone. Parent → child: `{ subscribe: n }`, `{ wait: n }`;
 * child → parent: `{ ready, host, cert, subscriptions }`, `{ arrivals, refusals }`.
 */
import { startPushService } from '../../tests/server/push-service.ts'

const service = await startPushService()
const send = (message: unknown) => process.send!(message)

process.on('message', (raw) => {
  const message = raw as { subscribe?: number; wait?: number; reset?: boolean; close?: boolean }
  if (message.subscribe) {
    const subscriptions = Array.from({ length: message.subscribe }, () => service.subscribe())
    send({ subscriptions })
  } else if (message.reset) {
    service.deliveries.length = 0
    service.refusals.length = 0
    send({ reset: true })
  } else if (message.wait) {
    service
      .waitFor(message.wait, 60_000)
      .then((deliveries) =>
        send({
          arrivals: deliveries.map((d) => d.arrivedAt),
          refusals: service.refusals.length,
          sample: deliveries[0]?.payload ?? null,
          urgency: deliveries[0]?.urgency ?? null,
        }),
      )
      .catch((error: unknown) =>
        send({ error: (error as Error).message, refusals: service.refusals.slice(0, 3) }),
      )
  } else if (message.close) {
    void service.close().then(() => process.exit(0))
  }
})
send({ ready: true, host: service.host, cert: service.cert })
