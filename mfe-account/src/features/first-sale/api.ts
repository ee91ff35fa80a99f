// The one call the dashboard's first-sale checklist makes; components call this, never the SDK (lint).
import { getSdk, type FirstSteps } from '@giftlane/shared-sdk';

export const loadFirstSteps = (): Promise<FirstSteps> => getSdk().api.user.firstSteps();
