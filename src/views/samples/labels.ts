import { isSampleGenre } from '../../core/samples/genres';
import type { Translate } from '../i18n/i18n-context';

/** A genre tag in the reader's language (an unknown value is shown as stored). */
export const genreLabel = (t: Translate, genre: string) => (isSampleGenre(genre) ? t(`samples.genre.${genre}`) : genre);
