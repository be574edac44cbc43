-- AlterTable
ALTER TABLE "User" ADD COLUMN     "revokedTokens" TEXT[] DEFAULT ARRAY[]::TEXT[];
