import { Select } from 'antd';
import { SAMPLE_GENRES } from '../../../core/samples/genres';
import { useGradeOptions } from '../../../views/common/use-grade-options';
import { useT } from '../../../views/i18n/i18n-context';

/** Grade and genre selects shared by the home and list pages. */
export function GradeGenreSelects({ grade, genre, onChange }: { grade?: number; genre?: string; onChange(v: { grade?: number; genre?: string }): void }) {
  const t = useT();
  const grades = useGradeOptions();
  return (
    <>
      <Select allowClear style={{ width: 130 }} placeholder={t('samples.allGrades')} value={grade} options={grades} onChange={(g?: number) => onChange({ grade: g, genre })} data-testid="samples-grade" />
      <Select
        allowClear
        style={{ width: 140 }}
        placeholder={t('samples.allGenres')}
        value={genre}
        options={SAMPLE_GENRES.map((g) => ({ value: g, label: t(`samples.genre.${g}`) }))}
        onChange={(g?: string) => onChange({ grade, genre: g })}
        data-testid="samples-genre"
      />
    </>
  );
}
