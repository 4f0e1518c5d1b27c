python main.py \
--real_image_root="./DATASET/train_photo" \
--style_image_root="./DATASET/Shinkai" \
--device="cuda:0" \
--batch_size=16 \
--init_epochs=10 \
--epochs=300