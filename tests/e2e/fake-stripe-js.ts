/**
 * A stand-in for https://js.stripe.com/<train>/stripe.js, served to the browser by
 * `context.route('https://js.stripe.com/**', …)` (docs/testing.md, "Card payments without Stripe").
 * It defines `window.Stripe` with the parts Lotline uses: elements() → create('payment') → mount()
 * renders a plain card-number field; confirmPayment() and handleNextAction() tell the fake Stripe
 * API what happened through `https://api.stripe.com/fake/*`, which the test routes to
 * tests/stripe/fake-stripe-api.ts (status change + signed webhook) and answers like Stripe.js does:
 * `{ paymentIntent: { id, status } }` or `{ error: { type: 'card_error', message } }`.
 */
export const FAKE_STRIPE_JS = String.raw`(function () {
  var API = 'https://api.stripe.com/fake';
  function post(path, body) {
    return fetch(API + path, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify(body),
    }).then(function (r) { return r.json(); });
  }
  function Stripe(publishableKey) {
    window.__stripeKey = publishableKey;
    return {
      elements: function (options) {
        var group = {
          clientSecret: options.clientSecret,
          element: null,
          create: function (type) {
            var handlers = {};
            var root = null;
            var input = function () { return root && root.querySelector('input'); };
            var element = {
              mount: function (target) {
                root = typeof target === 'string' ? document.querySelector(target) : target;
                root.innerHTML =
                  '<div class="fake-payment-element" data-type="' + type + '">' +
                  '<label style="display:grid;gap:6px;font-weight:600">Card number' +
                  '<input name="cardnumber" inputmode="numeric" autocomplete="cc-number" ' +
                  'style="font:inherit;padding:10px;border-radius:8px;border:2px solid #3a4060;background:#121420;color:#f3f1ea" ' +
                  'placeholder="1234 1234 1234 1234"></label>' +
                  '<p style="margin:8px 0 0;color:#b4b8cc;font-size:14px">Fake Stripe Payment Element (tests)</p></div>';
                setTimeout(function () { if (handlers.ready) handlers.ready({ elementType: 'payment' }); }, 0);
                return element;
              },
              on: function (name, cb) { handlers[name] = cb; return element; },
              off: function (name) { delete handlers[name]; return element; },
              clear: function () { if (input()) input().value = ''; },
              focus: function () { if (input()) input().focus(); },
              update: function () {},
              unmount: function () { if (root) root.innerHTML = ''; },
              destroy: function () { if (root) root.innerHTML = ''; root = null; },
              card: function () { return input() ? input().value.replace(/\s+/g, '') : ''; },
            };
            group.element = element;
            return element;
          },
          getElement: function () { return group.element; },
          update: function () {},
          submit: function () { return Promise.resolve({}); },
        };
        return group;
      },
      confirmPayment: function (options) {
        var group = options.elements;
        window.__confirmParams = options.confirmParams;
        window.__redirect = options.redirect;
        var card = group.element ? group.element.card() : '';
        if (!card) {
          return Promise.resolve({
            error: { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' },
          });
        }
        return post('/confirm', { clientSecret: group.clientSecret, card: card });
      },
      handleNextAction: function (options) {
        return post('/authenticate', { clientSecret: options.clientSecret });
      },
      retrievePaymentIntent: function () { return Promise.resolve({}); },
      createToken: function () {},
      createPaymentMethod: function () {},
      confirmCardPayment: function () {},
    };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();`
