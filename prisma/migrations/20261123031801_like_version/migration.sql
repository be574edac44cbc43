-- AlterTable
ALTER TABLE "Creation" ADD COLUMN     "likeVersion" INTEGER NOT NULL DEFAULT 0;
