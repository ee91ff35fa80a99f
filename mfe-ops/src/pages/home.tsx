// Where /ops opens: the review queue, except for a release manager, whose work is the release
// dashboard (the queue is not theirs to open).
import { Navigate } from '@giftlane/shared-sdk/router';
import { staffSession } from '../lib/api';
import QueuePage from './queue';

export default function ConsoleHome() {
  if (staffSession.get()?.role === 'release_manager') return <Navigate to="/ops/releases" replace />;
  return <QueuePage />;
}
