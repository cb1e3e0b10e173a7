import { receiptReference, type SaleItems } from '../../../common/auction/ending.ts'
import { formatMoney } from '../../../common/money.ts'
import type { MailContext } from '../alerts/mailer.ts'
import type { MailContent } from '../layout.ts'
import { mailLink } from '../links.ts'

/**
 * The alert mails (docs/product.md "What Lotline tells you"), in English and Spanish. Lot titles
 * and names are the members' own words: they appear in the subject (made one line by the outbox)
 * and the body (escaped by the layout), never in a header of their own.
 */
function money(context: MailContext, minor: number) {
  return formatMoney(minor, context.currency, context.to.lang)
}

function orderAction(context: MailContext, orderId: string) {
  const label = context.to.lang === 'es' ? 'Ver el pedido' : 'Open the order'
  return { label, url: mailLink(context.base, `orders/${orderId}`) }
}

/** The winner's mail: the receipt, itemised like the app's. */
export function wonMail(
  context: MailContext,
  sale: { orderId: string; title: string; amounts: SaleItems; receiptEntryId: number | null },
): MailContent {
  const { amounts: a } = sale
  const es = context.to.lang === 'es'
  const m = (minor: number) => money(context, minor)
  const receipt =
    sale.receiptEntryId === null
      ? []
      : [
          `${es ? 'Recibo' : 'Receipt'} ${receiptReference(sale.receiptEntryId)}: ${mailLink(
            context.base,
            `wallet/receipts/${sale.receiptEntryId}`,
          )}`,
        ]
  const lines = es
    ? [
        `Precio de remate: ${m(a.hammer)}`,
        `Comisión del comprador: ${m(a.premium)}`,
        `Envío: ${m(a.shipping)}`,
        `Total pagado: ${m(a.buyerTotal)}`,
      ]
    : [
        `Hammer price: ${m(a.hammer)}`,
        `Buyer's premium: ${m(a.premium)}`,
        `Shipping: ${m(a.shipping)}`,
        `Total paid: ${m(a.buyerTotal)}`,
      ]
  return {
    subject: es ? `Has ganado «${sale.title}»` : `You won “${sale.title}”`,
    heading: es ? 'Has ganado la subasta' : 'You won the auction',
    paragraphs: [
      es
        ? `«${sale.title}» es tuyo. El importe se ha cobrado de tu monedero.`
        : `“${sale.title}” is yours. The amount was taken from your wallet.`,
      ...lines,
      ...receipt,
    ],
    action: orderAction(context, sale.orderId),
  }
}

/** The seller's mail: sold, and what they receive when the order completes. */
export function soldMail(
  context: MailContext,
  sale: { orderId: string; title: string; amounts: SaleItems },
): MailContent {
  const { amounts: a } = sale
  const es = context.to.lang === 'es'
  const m = (minor: number) => money(context, minor)
  return {
    subject: es ? `Vendido: «${sale.title}»` : `Sold: “${sale.title}”`,
    heading: es ? 'Tu lote se ha vendido' : 'Your lot sold',
    paragraphs: es
      ? [
          `«${sale.title}» se ha vendido por ${m(a.hammer)}.`,
          `Comisión del vendedor: ${m(a.sellerFee)}`,
          `Envío: ${m(a.shipping)}`,
          `Recibirás ${m(a.sellerProceeds)} cuando el pedido se complete.`,
        ]
      : [
          `“${sale.title}” sold for ${m(a.hammer)}.`,
          `Seller's fee: ${m(a.sellerFee)}`,
          `Shipping: ${m(a.shipping)}`,
          `You receive ${m(a.sellerProceeds)} when the order completes.`,
        ],
    action: orderAction(context, sale.orderId),
  }
}

export function shippedMail(
  context: MailContext,
  order: { orderId: string; title: string; carrier: string | null; tracking: string | null },
): MailContent {
  const es = context.to.lang === 'es'
  const via = order.carrier
    ? es
      ? `Transportista: ${order.carrier}${order.tracking ? `, seguimiento ${order.tracking}` : ''}.`
      : `Carrier: ${order.carrier}${order.tracking ? `, tracking ${order.tracking}` : ''}.`
    : null
  return {
    subject: es ? `«${order.title}» está en camino` : `“${order.title}” is on its way`,
    heading: es ? 'Tu pedido ha salido' : 'Your order was shipped',
    paragraphs: [
      es ? `El vendedor ha enviado «${order.title}».` : `The seller shipped “${order.title}”.`,
      ...(via ? [via] : []),
    ],
    action: orderAction(context, order.orderId),
  }
}

export function problemMail(
  context: MailContext,
  order: { orderId: string; title: string },
): MailContent {
  const es = context.to.lang === 'es'
  return {
    subject: es
      ? `Se ha abierto un problema con «${order.title}»`
      : `A problem was opened on “${order.title}”`,
    heading: es ? 'El comprador ha abierto un problema' : 'The buyer opened a problem',
    paragraphs: [
      es
        ? `El comprador de «${order.title}» ha abierto un problema. Un administrador lo revisará; puedes responder en el pedido.`
        : `The buyer of “${order.title}” opened a problem. An admin will look at it; you can answer in the order.`,
    ],
    action: orderAction(context, order.orderId),
  }
}

export function digestMail(
  context: MailContext,
  threads: Array<{ orderId: string; title: string; unread: number }>,
): MailContent {
  const es = context.to.lang === 'es'
  return {
    subject: es ? 'Tienes mensajes nuevos en tus pedidos' : 'New messages about your orders',
    heading: es ? 'Mensajes nuevos' : 'New messages',
    paragraphs: threads.map((t) =>
      es
        ? `«${t.title}»: ${t.unread} sin leer — ${mailLink(context.base, `orders/${t.orderId}`)}`
        : `“${t.title}”: ${t.unread} unread — ${mailLink(context.base, `orders/${t.orderId}`)}`,
    ),
    action: {
      label: es ? 'Ver mis pedidos' : 'Open my orders',
      url: mailLink(context.base, 'orders'),
    },
  }
}

export function topUpReceiptMail(
  context: MailContext,
  topUp: { topUpId: string; amount: number; balance: number },
): MailContent {
  const es = context.to.lang === 'es'
  const amount = money(context, topUp.amount)
  return {
    subject: es ? `Recibo de recarga: ${amount}` : `Top-up receipt: ${amount}`,
    heading: es ? 'Recarga recibida' : 'Top-up received',
    paragraphs: es
      ? [
          `Hemos añadido ${amount} a tu monedero.`,
          `Saldo: ${money(context, topUp.balance)}`,
          `Referencia: ${topUp.topUpId}`,
        ]
      : [
          `We added ${amount} to your wallet.`,
          `Balance: ${money(context, topUp.balance)}`,
          `Reference: ${topUp.topUpId}`,
        ],
    action: {
      label: es ? 'Ver el monedero' : 'Open the wallet',
      url: mailLink(context.base, 'wallet'),
    },
  }
}
