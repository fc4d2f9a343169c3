import type { CopperApi } from '@shared/contract';

declare global {
  interface Window {
    /** Installed by the Electron preload, or by the browser-mode transport before the app mounts. */
    copper: CopperApi;
  }
}

export {};
