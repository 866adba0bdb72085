/// <reference types="vite/client" />

/** The app's version: the root package.json's, set at build time. */
declare const __APP_VERSION__: string;
