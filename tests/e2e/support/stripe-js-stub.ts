// What https://js.stripe.com/** answers in the browser tests: a Stripe.js stand-in with the
// surface @stripe/react-stripe-js and the checkout use. confirmPayment succeeds, and the calls
// are recorded on window.__stripeStub for the test to read.
export const STRIPE_JS_STUB = `
(function () {
  function Stripe(publishableKey) {
    var stub = (window.__stripeStub = { publishableKey: publishableKey, confirms: [], clientSecret: null });
    var listeners = {};
    var element = {
      mount: function (node) {
        var target = typeof node === "string" ? document.querySelector(node) : node;
        target.innerHTML =
          '<div data-testid="stub-payment-element" style="padding:12px;border:1px solid #cbd5e1;border-radius:8px">' +
          'Card details (Stripe test stub)</div>';
        setTimeout(function () {
          (listeners.ready || []).forEach(function (cb) { cb({ elementType: "payment" }); });
        }, 0);
      },
      on: function (event, cb) { (listeners[event] = listeners[event] || []).push(cb); return element; },
      off: function (event, cb) {
        listeners[event] = (listeners[event] || []).filter(function (f) { return f !== cb; });
        return element;
      },
      update: function () {}, destroy: function () {}, unmount: function () {}, focus: function () {},
      blur: function () {}, clear: function () {}, collapse: function () {}
    };
    var elements = {
      create: function () { return element; },
      getElement: function () { return element; },
      update: function () {},
      submit: function () { return Promise.resolve({}); },
      fetchUpdates: function () { return Promise.resolve({}); }
    };
    return {
      elements: function (options) { stub.clientSecret = options && options.clientSecret; return elements; },
      createToken: function () { return Promise.resolve({}); },
      createPaymentMethod: function () { return Promise.resolve({}); },
      confirmCardPayment: function () { return Promise.resolve({}); },
      confirmPayment: function (args) {
        stub.confirms.push({ returnUrl: args.confirmParams && args.confirmParams.return_url, redirect: args.redirect });
        var id = String(stub.clientSecret || "").split("_secret_")[0];
        return Promise.resolve({ paymentIntent: { id: id, status: "succeeded" } });
      },
      _registerWrapper: function () {},
      registerAppInfo: function () {}
    };
  }
  Stripe.version = "endive";
  window.Stripe = Stripe;
})();
`;
