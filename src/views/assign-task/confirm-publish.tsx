import type { Dayjs } from 'dayjs';
import type { App } from 'antd';
import { DATE_FORMAT } from '../../core/constants';
import { hasUnfilledBlank } from '../../core/tasks/title-blank';
import type { Translate } from '../i18n/i18n-context';

interface PublishSummary {
  title: string;
  classes: Array<{ name: string; studentCount: number }>;
  modify: boolean;
  releaseAt?: Dayjs;
  deadline: Dayjs;
}

/**
 * Publishing reaches every student of the chosen classes at once, so the teacher confirms what goes
 * out: classes, students, release and deadline, and a title still holding the prompt bank's blank
 * (a 半命题 title is legitimate, but it should be a choice, not an accident).
 */
export function confirmPublish(modal: ReturnType<typeof App.useApp>['modal'], t: Translate, s: PublishSummary): Promise<boolean> {
  const students = s.classes.reduce((n, c) => n + c.studentCount, 0);
  const blank = hasUnfilledBlank(s.title);
  return new Promise((resolve) => {
    modal.confirm({
      title: t(s.modify ? 'task.confirm.modifyTitle' : 'task.confirm.publishTitle'),
      content: (
        <div data-testid="publish-confirm">
          <p>{t('task.confirm.summary', { title: s.title, classes: s.classes.map((c) => c.name).join('、'), students })}</p>
          <p>{s.releaseAt ? t('task.confirm.scheduled', { at: s.releaseAt.format(DATE_FORMAT) }) : t('task.confirm.now')}</p>
          <p>{t('task.confirm.deadline', { at: s.deadline.format(DATE_FORMAT) })}</p>
          {blank && (
            <p role="alert" style={{ color: '#ad4e00' }} data-testid="publish-confirm-blank">
              {t('task.confirm.blank')}
            </p>
          )}
        </div>
      ),
      okText: t(s.modify ? 'common.save' : 'task.confirm.publish'),
      cancelText: t('task.confirm.back'),
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}
