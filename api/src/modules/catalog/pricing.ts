// The one pricing function lives in shared-sdk so that the public rate calculator runs the very
// same code as the api (DESIGN §5: the calculator and the order use one pricing function).
export * from '@giftlane/shared-sdk/pricing';
