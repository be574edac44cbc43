-- AlterTable
ALTER TABLE "WebhookEndpoint" ADD COLUMN     "origin" TEXT;
