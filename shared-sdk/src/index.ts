// @giftlane/shared-sdk: everything the shell and the remotes share. The pure parts (validation,
// sign, money, messages, format, config) are also importable alone: `@giftlane/shared-sdk/validation`.
export * from './config';
export * from './sign';
export * from './money';
export * from './format';
export * from './messages';
export * from './validation';
export * from './display';
export * from './errors';
export * from './navigation';
export * from './storage';
export * from './device';
export * from './theme';
export * from './tracker';
export * from './gc/types';
export * from './gc/decode';
export {
  Transport,
  isTokenInvalidReply,
  DEFAULT_TIMEOUT_MS,
  type TransportOptions,
  type RequestOptions,
  type Payload,
} from './gc/transport';
export * from './gc/client';
export * from './stores/root-store';
export * from './stores/session-store';
export * from './stores/user-store';
export * from './stores/vip-store';
export * from './stores/notices-store';
export * from './stores/onboarding-store';
export {
  createSdk,
  DUPLICATE_SDK_MESSAGE,
  getSdk,
  sdkInstanceReport,
  useStores,
  type Sdk,
  type SdkInstanceReport,
  type SdkOptions,
} from './sdk';
export * from './federation/contract';
export * from './federation/mounts';
export * from './federation/lazy-page';
export * from './ui/theme-root';
export * from './ui/page-placeholder';
export * from './ui/async';
export {
  beginHydration,
  isHydrating,
  Prerender,
  PrerenderRoot,
  PRERENDER_DATA_ID,
  usePrerenderHead,
  type PrerenderedData,
} from './ui/prerender';
export * from './ui/store-badges';
