./prepare.sh "train_bitext"
./prepare.sh "train_bipose"
./prepare.sh "train_bitext_down"
./prepare.sh "train_bipose_down"
#./prepare.sh "train_multi_imubi"
#./prepare.sh "train_multi"  

