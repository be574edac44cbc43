-- AlterTable
ALTER TABLE "Creation" ADD COLUMN     "file" TEXT;

-- CreateIndex
CREATE INDEX "Creation_file_idx" ON "Creation"("file");

-- Images stored before this migration: their file is the name in their URL.
UPDATE "Creation" SET "file" = substring("content" from '^/files/([0-9a-f]{64}\.(?:png|jpg|webp))$')
WHERE "content" LIKE '/files/%';
