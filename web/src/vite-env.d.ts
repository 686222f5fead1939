/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Where the messaging platform's JS SDK is loaded from inside its mini-program browser. */
  readonly VITE_MINIPROGRAM_SDK_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
