import 'server-only';
import { getTableColumns } from 'drizzle-orm';
import { schema } from '@/lib/db';

const { content: _content, ...metadata } = getTableColumns(schema.entryFiles);

/** Every column of a file but its content: lists and metadata reads never load the bytes. */
export const entryFileColumns = metadata;
