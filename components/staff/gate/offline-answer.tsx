import { CHECK_IN_MESSAGES } from '@/contract/forms/messages';
import { GATE_STATUS_MESSAGES, OFFLINE_GATE_MESSAGES, offlineRefusalMessage } from '@/contract/gate/decide';
import { VerdictBox } from '../verdict-box';
import type { GateAnswer } from './use-gate';

/** The phone's own verdict, in the desk's words and colours: admit (green), do not admit (red), or what is missing. */
export function OfflineAnswer({ answer, describe }: { answer: Exclude<GateAnswer, { kind: 'server' }>; describe: (iso: string) => string }) {
  if (answer.kind === 'invalid') return <VerdictBox tone="warn" status="invalid" detail={CHECK_IN_MESSAGES.invalid} />;
  if (answer.kind === 'no-pack') return <VerdictBox tone="warn" status="no-pack" detail={GATE_STATUS_MESSAGES.noPack} />;
  const { verdict } = answer;
  if (verdict.status === 'admit') {
    return (
      <VerdictBox tone="ok" status="admit-offline" mark="✓" verdict={OFFLINE_GATE_MESSAGES.admit} detail={OFFLINE_GATE_MESSAGES.admitDetail(verdict.wristbands)} reference={verdict.reference} />
    );
  }
  return (
    <VerdictBox
      tone="stop"
      status="refused-offline"
      reason={verdict.reason}
      mark="✗"
      verdict={OFFLINE_GATE_MESSAGES.refused}
      detail={offlineRefusalMessage(verdict, describe)}
      detailTestId="check-in-reason"
      reference={verdict.reference}
    />
  );
}
