import { useRef, useState } from 'react';
import { Input, Space, Typography } from 'antd';
import { useT } from '../i18n/i18n-context';
import { fitsDoubt, stepDoubt } from './doubt-steps';
import type { ShownDoubt } from './TranscriptView';

export interface DoubtStepperProps {
  doubts: ShownDoubt[];
  /** start offset of the doubt being looked at, or null */
  at: number | null;
  onAt(at: number | null): void;
  /** the teacher's reading of the doubt (typed, or its first alternative accepted) */
  onFix(d: ShownDoubt, text: string): void;
}

/**
 * One field for fixing what the OCR doubted, from the keyboard: Tab / Shift+Tab go through the doubtful
 * characters in reading order (past either end, Tab leaves as from any field), typing replaces the
 * character looked at (an input method's composition included), Enter accepts the alternative shown.
 */
export function DoubtStepper(props: DoubtStepperProps) {
  const t = useT();
  const [typed, setTyped] = useState('');
  const composing = useRef(false);
  const order = [...props.doubts].sort((a, b) => a.start - b.start);
  const i = order.findIndex((d) => d.start === props.at);
  const d = i >= 0 ? order[i] : undefined;
  const best = d?.alternatives[0];

  const go = (back: boolean): boolean => {
    const next = stepDoubt(order, props.at, back);
    props.onAt(next ?? null);
    setTyped('');
    return next !== undefined;
  };
  const fix = (text: string) => {
    if (!d) return;
    props.onFix(d, text);
    go(false);
  };
  const take = (value: string) => {
    if (d && fitsDoubt(d, value)) fix(value);
    else setTyped(value);
  };

  return (
    <div className="zp-cp-doubt-stepper" data-testid="cp-doubt-stepper">
      <Input
        size="small"
        className="zp-cp-doubt-input"
        value={typed}
        placeholder={d ? d.text : t('ocr.stepStart')}
        aria-label={t('ocr.stepLabel')}
        data-testid="cp-doubt-input"
        onFocus={() => props.at === null && go(false)}
        onKeyDown={(e) => {
          if (e.key === 'Tab') {
            if (go(e.shiftKey)) e.preventDefault();
          } else if (e.key === 'Enter' && !composing.current) {
            e.preventDefault();
            if (typed && d && fitsDoubt(d, typed)) fix(typed);
            else if (best) fix(best.text);
          } else if (e.key === 'Escape') props.onAt(null);
        }}
        onCompositionStart={() => (composing.current = true)}
        onCompositionEnd={(e) => {
          composing.current = false;
          take(e.currentTarget.value);
        }}
        onChange={(e) => (composing.current ? setTyped(e.target.value) : take(e.target.value))}
        onBlur={() => setTyped('')}
      />
      <Space size={6} wrap>
        {d ? (
          <>
            <Typography.Text>{t('ocr.stepAt', { n: i + 1, count: order.length, text: d.text, confidence: Math.round(d.confidence * 100) })}</Typography.Text>
            {best ? <Typography.Text type="secondary">{t('ocr.stepBest', { text: best.text, confidence: Math.round(best.confidence * 100) })}</Typography.Text> : null}
          </>
        ) : (
          <Typography.Text type="secondary">{t('ocr.doubtCount', { count: order.length })}</Typography.Text>
        )}
        <Typography.Text type="secondary" className="zp-cp-hint">
          {t('ocr.stepKeys')}
        </Typography.Text>
      </Space>
    </div>
  );
}
