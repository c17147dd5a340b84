import 'i18next';

// Keys are not typed per namespace: two helpers add namespaces independently, and the
// locale-parity test (src/shared/i18n/locales.test.ts) guards completeness instead.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    returnNull: false;
  }
}
